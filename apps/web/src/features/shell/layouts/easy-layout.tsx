import { AppFrame } from '../components/app-frame';

/** Icon sidebar, header and the quick-action button (spec section 2, easy-mode layout). */
export default function EasyLayout() {
  return <AppFrame variant="easy" />;
}
