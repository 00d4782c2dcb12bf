/** Only same-site paths are followed after sign-in; anything else is null, and the user lands on their home. */
export function safeRedirect(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  return target;
}
