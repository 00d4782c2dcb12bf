import type { Contact } from '@courier/contract';

/** A contact person: a client's, a delivery task's or a parcel's (their tables differ, their shape does not). */
export function presentContact(c: {
  id: string;
  firstname: string;
  lastname: string;
  email: string | null;
  phoneNumber: string;
  companyName: string;
}): Contact {
  return {
    uuid: c.id,
    firstname: c.firstname,
    lastname: c.lastname,
    ...(c.email ? { email: c.email } : {}),
    phoneNumber: c.phoneNumber,
    companyName: c.companyName,
  };
}
