import { Text } from '@mantine/core';
import { Outlet } from 'react-router';
import { BRAND_NAME } from '../../../lib/config';

/** No navigation chrome: the content at least a screen tall, and the copyright line at the foot. */
export default function BlankLayout() {
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <div style={{ flex: 1 }}>
        <Outlet />
      </div>
      <Text component="footer" ta="center" size="sm" c="dimmed" py="lg">
        © {new Date().getFullYear()} {BRAND_NAME}
      </Text>
    </div>
  );
}
