import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  CopyButton,
  Grid,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconMessages,
  IconPackage,
  IconPlus,
  IconPrinter,
  IconUserPlus,
} from '@tabler/icons-react';
import { AUCTION_OFFERABLE_STATUSES, type DeliveryAction } from '@courier/contract';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AdminGate } from '../../../components/access/admin-gate';
import { useScopedCompanySlug } from '../../../components/access/company-scope';
import { PageHeader } from '../../../components/layout/page-header';
import { QueryError } from '../../../components/list/query-error';
import { NotesPanel } from '../../../components/notes/notes-panel';
import { StatusTag } from '../../../components/status-tag/status-tag';
import { useLookup } from '../../../lib/lookups/get-lookup';
import { useDelivery } from '../api/get-delivery';
import { useFollowDeliveryParts } from '../api/follow-delivery';
import { useDeliveryLive } from '../api/delivery-live';
import { driverMarkerOf, LiveDriverLine } from '../components/live-driver';
import { useDeliveryPart } from '../api/list-delivery-parts';
import { useDeliveryPeople } from '../api/list-people';
import { AssignmentPanel } from '../components/assignment-panel';
import { authorName } from '../components/person-name';
import { DeliveryProofsPanel } from '../components/delivery-proofs-panel';
import { DeliveryMap } from '../../../components/delivery-map/delivery-map';
import { useDeliveryEdits } from '../components/edits/delivery-edits';
import { isEditable } from '../components/edits/edit-form-values';
import { StepActionsMenu } from '../components/edits/step-actions-menu';
import { formatDateTime, formatDistance, formatDuration } from '../../../lib/delivery-format';
import { usePlaceStep } from '../api/place-step';
import { ParcelList } from '../components/parcel-list';
import { parcelLabelsUrl } from '../api/parcel-labels';
import { PublishAuction } from '../components/publish-auction';
import { CarrierPanel } from '../components/carrier-panel';
import { useCarrierRating } from '../api/carrier-rating';
import { useRecipientInput } from '../api/get-recipient-input';
import { RecipientPanel } from '../components/recipient-panel';
import { QuotesPanel } from '../components/quotes-panel';
import { StatusActions } from '../components/status-actions';
import { StatusHistory } from '../components/status-history';
import { RecipientMessagesLog } from '../components/recipient-messages-log';
import { StepsTimeline } from '../components/steps-timeline';
import { DetailSection } from '../../../components/layout/detail-section';

/** A part of the delivery: a skeleton while loading, an error with retry, then its content. */
function Part<T>({
  query,
  children,
}: {
  query: { data: T | undefined; error: Error | null; refetch: () => unknown };
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) return <QueryError error={query.error} onRetry={query.refetch} />;
  return <Skeleton height={80} radius="md" />;
}

/** Several parts loading together: the first error with retry, else a skeleton. */
function PartsPending({ queries }: { queries: { error: Error | null; refetch: () => unknown }[] }) {
  const failed = queries.find((q) => q.error);
  if (failed) return <QueryError error={failed.error} onRetry={failed.refetch} />;
  return <Skeleton height={80} radius="md" />;
}

/** The recipient's tracking page (public, decision 022): to open, or to copy into a message to the recipient. */
function TrackingLink({ token }: { token: string }) {
  const path = `/track/${encodeURIComponent(token)}`;
  const url = `${window.location.origin}${path}`;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        Recipient&apos;s tracking page:
      </Text>
      <Anchor href={path} target="_blank" rel="noopener" size="sm" data-testid="tracking-link">
        Open
      </Anchor>
      <CopyButton value={url}>
        {({ copied, copy }) => (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={copy}
            leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          >
            {copied ? 'Link copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function DeliveryDetail({ uuid }: { uuid: string }) {
  const slug = useScopedCompanySlug();
  const delivery = useDelivery(slug, uuid);
  const statuses = useLookup('deliveryLiveStatuses');
  const steps = useDeliveryPart(slug, uuid, 'steps');
  const tasks = useDeliveryPart(slug, uuid, 'tasks');
  const addresses = useDeliveryPart(slug, uuid, 'addresses');
  const contacts = useDeliveryPart(slug, uuid, 'contacts');
  const parcels = useDeliveryPart(slug, uuid, 'parcels');
  const quotes = useDeliveryPart(slug, uuid, 'quotes');
  const history = useDeliveryPart(slug, uuid, 'statuses');
  const assignments = useDeliveryPart(slug, uuid, 'assignments');
  const people = useDeliveryPeople(slug);
  const carrierRating = useCarrierRating(slug, uuid);
  const recipientInput = useRecipientInput(slug, uuid);
  const placeStep = usePlaceStep(slug, uuid);
  const edits = useDeliveryEdits({ slug, deliveryUuid: uuid, steps: steps.data, tasks: tasks.data });
  useFollowDeliveryParts(slug, delivery.data);
  const driverLive = useDeliveryLive(slug, uuid, delivery.data?.deliveryLiveStatusTypeSlug ?? 'created');
  const track = useMemo(
    () => (driverLive.track.data ?? []).flatMap((p) => (p.location ? [p.location] : [])),
    [driverLive.track.data],
  );

  if (delivery.error) {
    return (
      <QueryError error={delivery.error} onRetry={delivery.refetch} title="Could not load the delivery" />
    );
  }
  if (!delivery.data) {
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading">
        <Skeleton height={120} radius="lg" />
        <Skeleton height={260} radius="lg" />
      </Stack>
    );
  }
  const d = delivery.data;
  const live = d.deliveryLiveStatusTypeSlug;
  const stepsLoaded = steps.data && tasks.data && addresses.data && contacts.data;
  // The policy's answer for this viewer (a carrier's admin works the delivery but does not edit or quote it).
  const may = (action: DeliveryAction) => d.allowedActions?.includes(action) ?? true;
  const editable = isEditable(live) && may('edit');

  return (
    <Stack gap="md">
      <Card withBorder radius="lg" padding="lg">
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
            <div>
              <Title order={2} fz="xl" style={{ overflowWrap: 'anywhere' }}>
                {d.name}
              </Title>
              {d.description ? (
                <Text size="sm" c="dimmed">
                  {d.description}
                </Text>
              ) : null}
              {/* The client's own order number (issue 34), when its system gave one. */}
              {d.externalId ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  Order no. {d.externalId}
                </Text>
              ) : null}
            </div>
            <Group gap="xs" wrap="wrap">
              {may('message') ? (
                <Button
                  component={Link}
                  to={`/apps/mailbox?delivery=${d.uuid}`}
                  variant="light"
                  size="xs"
                  leftSection={<IconMessages size={16} />}
                >
                  Messages
                </Button>
              ) : null}
              <StatusTag
                size="lg"
                tag={statuses.map[live]?.tag}
                label={statuses.labelOf(live)}
                data-testid="delivery-status"
              />
            </Group>
          </Group>
          <Group gap="lg" wrap="wrap">
            <div>
              <Text size="xs" c="dimmed">
                Tracking code
              </Text>
              <Text fw={700} ff="monospace">
                {d.trackingCode ?? '—'}
              </Text>
            </div>
            {d.handoverPin ? (
              <div>
                <Text size="xs" c="dimmed" id="handover-code-label">
                  Handover code
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Text
                    fw={700}
                    ff="monospace"
                    aria-labelledby="handover-code-label"
                    data-testid="handover-code"
                  >
                    {d.handoverPin}
                  </Text>
                  <CopyButton value={d.handoverPin}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? 'Copied' : 'Copy the code'} withArrow>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          onClick={copy}
                          aria-label={copied ? 'Handover code copied' : 'Copy the handover code'}
                        >
                          {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
                <Text size="xs" c="dimmed" maw={220}>
                  Give it to the recipient: the driver asks for it at the door.
                </Text>
              </div>
            ) : null}
            <div>
              <Text size="xs" c="dimmed">
                Distance
              </Text>
              <Text fw={700} data-testid="delivery-distance">
                {formatDistance(d.distanceM)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Duration
              </Text>
              <Text fw={700}>{formatDuration(d.durationS)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                Created
              </Text>
              <Text fw={700}>{formatDateTime(d.createdAt)}</Text>
            </div>
          </Group>
          {d.trackingToken ? <TrackingLink token={d.trackingToken} /> : null}
          {d.deliveryScheduleWindows.map((w) => (
            <Text key={`${w.startAt}-${w.deliveryScheduleWindowTypeSlug}`} size="sm">
              {w.deliveryScheduleWindowTypeSlug === 'dropoff' ? 'Dropoff' : 'Window'} between{' '}
              {formatDateTime(w.startAt)} and {formatDateTime(w.endAt)}
            </Text>
          ))}
          <StatusActions slug={slug} delivery={d} />
          <PublishAuction
            slug={slug}
            delivery={d}
            // The owner's admin, while it runs the delivery itself (no carrier) and it has not started.
            canOffer={
              may('publish-auction') &&
              may('assign') &&
              (AUCTION_OFFERABLE_STATUSES as readonly string[]).includes(live)
            }
          />
          {!isEditable(live) ? (
            <Text size="sm" c="dimmed">
              This delivery is finished: its steps, tasks and parcels can no longer be changed.
            </Text>
          ) : !may('edit') ? (
            <Text size="sm" c="dimmed" data-testid="carried-note">
              You carry this delivery for its owner: its steps, parcels, contacts, windows and quotes are
              theirs to change.
            </Text>
          ) : null}
        </Stack>
      </Card>
      {edits.dialogs}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <DetailSection
              title="Route"
              action={
                editable ? (
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconUserPlus size={14} />}
                      disabled={!edits.hasTasks}
                      onClick={() => edits.openTaskContact()}
                    >
                      Add a contact
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPlus size={14} />}
                      onClick={edits.openStep}
                    >
                      Add a step
                    </Button>
                  </Group>
                ) : null
              }
            >
              {stepsLoaded ? (
                <Stack gap="md">
                  {driverLive.underWay || driverLive.track.data?.length ? (
                    <LiveDriverLine
                      live={driverLive.live.data}
                      trackEndedAt={driverLive.track.data?.at(-1)?.recordedAt ?? null}
                    />
                  ) : null}
                  <DeliveryMap
                    steps={steps.data}
                    tasks={tasks.data}
                    addresses={addresses.data}
                    driver={driverLive.underWay ? driverMarkerOf(driverLive.live.data) : null}
                    track={track}
                    {...(editable
                      ? { onPlaceStep: (stepUuid, point) => placeStep.mutate({ stepUuid, ...point }) }
                      : {})}
                  />
                  <StepsTimeline
                    steps={steps.data}
                    tasks={tasks.data}
                    addresses={addresses.data}
                    contacts={contacts.data}
                    activeStepUuid={d.activeDeliveryStepUuid}
                    stepActions={
                      editable
                        ? (step, number, stepTasks) => (
                            <StepActionsMenu
                              stepNumber={number}
                              disabled={edits.taskAddPending}
                              onAddTask={(kind) => edits.addTask(kind, step.uuid)}
                              onAddContact={() => edits.openTaskContact(stepTasks)}
                              onAddParcel={() => edits.openParcel(stepTasks)}
                            />
                          )
                        : undefined
                    }
                  />
                </Stack>
              ) : (
                <PartsPending queries={[steps, tasks, addresses, contacts]} />
              )}
            </DetailSection>
            <DetailSection
              title="Parcels"
              action={
                <Group gap="xs">
                  {parcels.data?.length ? (
                    <Button
                      component="a"
                      href={parcelLabelsUrl(slug, uuid)}
                      target="_blank"
                      rel="noopener"
                      size="xs"
                      variant="default"
                      leftSection={<IconPrinter size={14} />}
                      data-testid="print-labels"
                    >
                      Print labels
                    </Button>
                  ) : null}
                  {editable ? (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPackage size={14} />}
                      disabled={!edits.hasTasks}
                      onClick={() => edits.openParcel()}
                    >
                      Add a parcel
                    </Button>
                  ) : null}
                </Group>
              }
            >
              <Part query={parcels}>
                {(data) => (
                  <ParcelList
                    parcels={data}
                    labelHref={(parcel) => parcelLabelsUrl(slug, uuid, parcel.uuid)}
                    parcelActions={
                      editable
                        ? (parcel) => (
                            <Tooltip label="Add a contact" withinPortal>
                              <ActionIcon
                                variant="subtle"
                                color="gray"
                                aria-label={`Add a contact to ${parcel.name}`}
                                onClick={() => edits.openParcelContact(parcel)}
                              >
                                <IconUserPlus size={16} />
                              </ActionIcon>
                            </Tooltip>
                          )
                        : undefined
                    }
                  />
                )}
              </Part>
            </DetailSection>
            <DetailSection title="Quotes">
              <Part query={quotes}>
                {(data) => (
                  <QuotesPanel
                    slug={slug}
                    deliveryUuid={uuid}
                    currencyCode={d.currencyCode}
                    quotes={data}
                    canQuote={may('quote')}
                    canDecide={may('decide-quote')}
                  />
                )}
              </Part>
            </DetailSection>
            <DetailSection title="Proofs of delivery">
              <DeliveryProofsPanel slug={slug} deliveryUuid={uuid} />
            </DetailSection>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {carrierRating.data?.carrier ? (
              <DetailSection title="Carrier">
                <CarrierPanel
                  slug={slug}
                  deliveryUuid={uuid}
                  carrier={carrierRating.data.carrier}
                  rating={carrierRating.data.rating}
                  canRate={may('rate-carrier')}
                  completed={live === 'completed'}
                />
              </DetailSection>
            ) : null}
            <DetailSection title="Recipient">
              <Part query={recipientInput}>{(data) => <RecipientPanel input={data} />}</Part>
            </DetailSection>
            <DetailSection title="Vehicle and drivers">
              <Part query={assignments}>
                {(data) => (
                  <AssignmentPanel slug={slug} delivery={d} assignments={data} canAssign={may('assign')} />
                )}
              </Part>
            </DetailSection>
            <DetailSection title="Status history">
              <Part query={history}>
                {(data) => <StatusHistory records={data} nameOf={(r) => authorName(people.data, r)} />}
              </Part>
            </DetailSection>
            <DetailSection title="Messages to recipient">
              <RecipientMessagesLog slug={slug} deliveryUuid={uuid} settingsLink={may('edit')} />
            </DetailSection>
            <DetailSection title="Notes">
              <NotesPanel noteable={{ type: 'deliveries', uuid }} />
            </DetailSection>
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** /DeliveryDetail/:uuid: status and its moves, route, parcels, quotes, assignment and history. */
export default function DeliveryDetailPage() {
  const { uuid = '' } = useParams();
  return (
    <>
      <PageHeader title="Delivery Detail" />
      <AdminGate what="see deliveries">
        <DeliveryDetail key={uuid} uuid={uuid} />
      </AdminGate>
    </>
  );
}
