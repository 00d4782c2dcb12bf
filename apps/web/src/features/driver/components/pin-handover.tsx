import { HANDOVER_PIN, HandoverPinBodySchema } from '@courier/contract';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconLockCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { fieldErrorsOf, isApiError } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifications';
import { confirmMyHandoverPin } from '../api/confirm-my-handover-pin';
import { newIdempotencyKey } from '../offline/idempotency-key';
import type { DriverWrite } from '../offline/queued-write';
import { rememberSentProof } from '../offline/runner';
import { useEnqueue } from '../offline/use-write-queue';
import { verdictOf } from '../offline/write-queue';

const LABEL = 'Handover code';
const KEPT = 'Kept on this phone: the code is checked when you are back online.';

/**
 * The recipient's handover code. Online it is checked at once, so a wrong code is said while the recipient is
 * still there (422 on the field; 429 once too many were wrong). With no network it is queued, and the same key goes
 * with it, so a first try that reached the server before the network dropped is not counted twice.
 */
export function PinHandover({
  delivery,
  taskUuid,
}: {
  delivery: { uuid: string; name: string };
  taskUuid: string | null;
}) {
  const deliveryUuid = delivery.uuid;
  const enqueue = useEnqueue();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    setNotice(null);
    const parsed = HandoverPinBodySchema.safeParse({ deliveryStepTaskUuid: taskUuid, pin });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Type the code');
    setError(null);
    const key = newIdempotencyKey();
    const write: Extract<DriverWrite, { kind: 'pin' }> = { kind: 'pin', deliveryUuid, body: parsed.data };
    const keep = async () => {
      await enqueue(`${LABEL} · ${delivery.name}`, write, key);
      setPin('');
      setNotice(KEPT);
    };
    if (!navigator.onLine) return keep();
    setPending(true);
    try {
      rememberSentProof(deliveryUuid, await confirmMyHandoverPin(deliveryUuid, parsed.data, key));
      setPin('');
      notifySuccess('Handover Confirmed', 'The handover code was right; it is recorded on the delivery.');
    } catch (e) {
      if (verdictOf(e, 1) === 'later') await keep();
      else if (isApiError(e, 422)) setError(fieldErrorsOf(e).pin ?? e.message);
      else setError(e instanceof Error ? e.message : 'The code could not be checked');
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="sm">
      <TextInput
        label={LABEL}
        description={`The ${HANDOVER_PIN.length}-digit code the recipient gives you`}
        size="lg"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={HANDOVER_PIN.length}
        value={pin}
        error={error}
        styles={{ input: { fontSize: 28, letterSpacing: '0.3em', textAlign: 'center', height: 60 } }}
        onChange={(e) => {
          setPin(e.currentTarget.value.replace(/\D/g, ''));
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') void confirm();
        }}
      />
      {notice ? (
        <Text size="sm" role="status">
          {notice}
        </Text>
      ) : null}
      <Button
        h={56}
        size="lg"
        fullWidth
        leftSection={<IconLockCheck size={20} />}
        loading={pending}
        onClick={() => void confirm()}
      >
        Confirm code
      </Button>
    </Stack>
  );
}
