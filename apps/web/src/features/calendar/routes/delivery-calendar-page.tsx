import { Card, Stack } from '@mantine/core';
import { AdminGate } from '../../../components/access/admin-gate';
import { PageHeader } from '../../../components/layout/page-header';
import { CalendarLegend } from '../components/calendar-legend';
import { DeliveryCalendar } from '../components/delivery-calendar';

/** /DeliveryCalendar: deliveries' schedule windows and company events by month, week, day or list. */
export default function DeliveryCalendarPage() {
  return (
    <>
      <PageHeader
        title="Delivery Calendar"
        description="Scheduled pickups and drop-offs by month, week and day; drag one to reschedule it."
      />
      <AdminGate what="see the delivery calendar">
        <Stack gap="md">
          <Card withBorder radius="lg" padding="md">
            <DeliveryCalendar />
          </Card>
          <CalendarLegend />
        </Stack>
      </AdminGate>
    </>
  );
}
