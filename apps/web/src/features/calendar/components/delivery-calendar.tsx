import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import type { EventClickInfo, EventDropInfo, EventResizeDoneInfo, DateSelectInfo } from '@fullcalendar/react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import classicTheme from '@fullcalendar/react/themes/classic';
import { Box, Group, Loader, Text, useComputedColorScheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { confirmDanger } from '../../../components/list/confirm';
import { QueryError } from '../../../components/list/query-error';
import { notifyError } from '../../../lib/notifications';
import { useDeleteCalendarEvent } from '../api/delete-event';
import { useCalendarEvents } from '../api/list-events';
import { useRescheduleWindow } from '../api/reschedule-window';
import { useSaveCalendarEvent } from '../api/save-event';
import {
  firstSlotTime,
  scrollTimeFor,
  movedRange,
  rangeQuery,
  toCalendarInput,
  type EventMeta,
} from '../calendar-events';
import classes from './delivery-calendar.module.css';
import { EventFormModal, type EventFormTarget } from './event-form-modal';
import { formValuesOf } from './event-form-values';

/** The week and day views: a screen high less the page's header and toolbars, never under 520 px. */
const TIME_GRID_HEIGHT = 'max(520px, calc(100dvh - 260px))';

const PHONE = '(max-width: 40em)';

/**
 * FullCalendar 7 over the company's delivery windows and own events, for the visible range: drag or resize a
 * window to reschedule its delivery (moved back when the server refuses), select a range to add an event.
 */
export function DeliveryCalendar() {
  const slug = useScopedCompanySlug();
  const navigate = useNavigate();
  const phone = useMediaQuery(PHONE, window.matchMedia(PHONE).matches, { getInitialValueInEffect: false });
  const scheme = useComputedColorScheme('light');
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  // The week and day views scroll inside a screen-high box, opened at the hour before now (issue 33): the evening's
  // deliveries are not below the fold. The month and list views grow with what they hold.
  const [timeGrid, setTimeGrid] = useState(!phone);
  const [scrollTime] = useState(() => scrollTimeFor(new Date()));
  const events = useCalendarEvents(slug, range);
  const inputs = useMemo(() => (events.data ?? []).map(toCalendarInput), [events.data]);
  const save = useSaveCalendarEvent(slug);
  const reschedule = useRescheduleWindow(slug);
  const remove = useDeleteCalendarEvent(slug);
  const [target, setTarget] = useState<EventFormTarget | null>(null);

  const onChange = (info: EventDropInfo | EventResizeDoneInfo) => {
    const meta = info.event.extendedProps as EventMeta;
    const dates = movedRange(info.event, info.oldEvent);
    if (!dates) return info.revert();
    const onError = (error: unknown) => {
      info.revert();
      notifyError(error);
    };
    if (meta.kind === 'delivery-window') {
      reschedule.mutate({ windowUuid: info.event.id, body: dates }, { onError });
      return;
    }
    save.mutate(
      {
        uuid: info.event.id,
        body: {
          title: info.event.title,
          description: meta.description || undefined,
          allDay: info.event.allDay,
          color: meta.color,
          ...dates,
        },
      },
      { onError },
    );
  };

  const onClick = ({ event, jsEvent }: EventClickInfo) => {
    jsEvent.preventDefault();
    const meta = event.extendedProps as EventMeta;
    if (meta.kind === 'delivery-window') {
      if (meta.deliveryUuid) void navigate(`/DeliveryDetail/${meta.deliveryUuid}`);
      return;
    }
    if (!event.start) return;
    setTarget({
      uuid: event.id,
      values: formValuesOf({
        title: event.title,
        description: meta.description,
        allDay: event.allDay,
        start: event.start,
        end: event.end ?? event.start,
        color: meta.color,
      }),
    });
  };

  const onSelect = (info: DateSelectInfo) => {
    info.view.calendar.unselect();
    setTarget({ values: formValuesOf({ allDay: info.allDay, start: info.start, end: info.end }) });
  };

  const askDelete = (uuid: string, title: string) =>
    confirmDanger({
      title: 'Delete this event?',
      message: `${title || 'The event'} will be removed from the calendar.`,
      confirmLabel: 'Delete event',
      onConfirm: () => remove.mutate(uuid, { onSuccess: () => setTarget(null) }),
    });

  return (
    <Box className={classes.calendar} data-testid="delivery-calendar">
      <Group justify="space-between" mb="xs" mih={24}>
        <Text size="sm" c="dimmed">
          Drag a delivery to reschedule it; select a time to add an event.
        </Text>
        {events.isFetching ? <Loader size={16} aria-label="Loading events" /> : null}
      </Group>
      {events.error ? (
        <QueryError error={events.error} onRetry={events.refetch} title="Could not load the calendar" />
      ) : null}
      <FullCalendar
        plugins={[classicTheme, dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin]}
        colorScheme={scheme}
        initialView={phone ? 'listWeek' : 'timeGridWeek'}
        headerToolbar={
          phone
            ? { start: 'title', end: 'prev,next' }
            : {
                start: 'prev,next today',
                center: 'title',
                end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
              }
        }
        // A week of time columns does not fit a phone: month, day and list only, under the calendar.
        footerToolbar={phone ? { start: 'today', end: 'dayGridMonth,timeGridDay,listWeek' } : false}
        buttons={{
          // FullCalendar names it "This Week" in the week view; a name that holds the visible word (label in name).
          today: { text: 'Today', hint: 'Today' },
          dayGridMonth: { text: 'Month' },
          timeGridWeek: { text: 'Week' },
          timeGridDay: { text: 'Day' },
          listWeek: { text: 'List' },
        }}
        height={timeGrid ? TIME_GRID_HEIGHT : 'auto'}
        firstDay={1}
        nowIndicator
        dayMaxEvents
        editable
        selectable
        selectMirror
        longPressDelay={400}
        slotMinTime={firstSlotTime(events.data ?? [])}
        scrollTime={scrollTime}
        events={inputs}
        eventClass={(info) => (info.view.type.startsWith('dayGrid') ? '' : classes.wrapTitle)}
        datesSet={(info) => {
          setRange(rangeQuery(info.start, info.end));
          setTimeGrid(info.view.type.startsWith('timeGrid'));
        }}
        eventDrop={onChange}
        eventResize={onChange}
        eventClick={onClick}
        select={onSelect}
      />
      <EventFormModal
        target={target}
        pending={save.isPending}
        onSave={(body, uuid) => save.mutateAsync({ body, uuid }).then(() => setTarget(null))}
        onDelete={askDelete}
        onClose={() => setTarget(null)}
      />
    </Box>
  );
}
