import { Button, Group, Stack } from '@mantine/core';
import { useRef } from 'react';

const WIDTH = 600;

/**
 * A white canvas to sign with a finger or the mouse; gives a PNG file (null once cleared). `large` draws a taller
 * pad and a full-size clear button, for a phone held in one hand.
 */
export function SignaturePad({
  onChange,
  large = false,
}: {
  onChange: (file: File | null) => void;
  large?: boolean;
}) {
  const height = large ? 300 : 200;
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return [
      ((e.clientX - rect.left) * e.currentTarget.width) / rect.width,
      ((e.clientY - rect.top) * e.currentTarget.height) / rect.height,
    ] as const;
  };
  const finish = () => {
    if (!drawing.current) return;
    drawing.current = false;
    canvas.current?.toBlob(
      (blob) => onChange(blob ? new File([blob], 'signature.png', { type: 'image/png' }) : null),
      'image/png',
    );
  };
  const clear = () => {
    const c = canvas.current;
    const ctx = c?.getContext('2d');
    if (c && ctx) {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, c.width, c.height);
    }
    onChange(null);
  };
  return (
    <Stack gap={4}>
      <canvas
        ref={(el) => {
          canvas.current = el;
          const ctx = el?.getContext('2d');
          if (el && ctx && !el.dataset.ready) {
            el.dataset.ready = '1';
            ctx.fillStyle = '#fff';
            ctx.fillRect(0, 0, el.width, el.height);
          }
        }}
        width={WIDTH}
        height={height}
        aria-label="Signature pad: sign with a finger or the mouse"
        data-testid="signature-pad"
        style={{
          width: '100%',
          // The large pad takes the card's width, however wide: more room to sign on a tablet.
          maxWidth: large ? '100%' : WIDTH,
          aspectRatio: `${WIDTH} / ${height}`,
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 8,
          touchAction: 'none',
          background: '#fff',
        }}
        onPointerDown={(e) => {
          const ctx = e.currentTarget.getContext('2d');
          if (!ctx) return;
          e.currentTarget.setPointerCapture(e.pointerId);
          drawing.current = true;
          ctx.strokeStyle = '#111';
          ctx.lineWidth = 3;
          ctx.lineCap = 'round';
          ctx.beginPath();
          ctx.moveTo(...point(e));
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const ctx = e.currentTarget.getContext('2d');
          ctx?.lineTo(...point(e));
          ctx?.stroke();
        }}
        onPointerUp={finish}
        onPointerLeave={finish}
      />
      <Group justify="flex-end">
        <Button size={large ? 'sm' : 'compact-xs'} variant="subtle" onClick={clear}>
          Clear signature
        </Button>
      </Group>
    </Stack>
  );
}
