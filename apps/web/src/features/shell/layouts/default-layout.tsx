import { AppFrame } from '../components/app-frame';

/** Full sidebar plus header (spec section 2, default layout). */
export default function DefaultLayout() {
  return <AppFrame variant="default" />;
}
