// Loaded by toast-host.tsx at the first toast only.
export { Notifications as default } from '@mantine/notifications';
