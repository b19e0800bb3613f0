import { useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

const WIDTH = 400;
const HEIGHT = 100;

/** Draw a signature with mouse, pen or finger; answers a PNG data URL of the strokes (null once cleared). */
export function SignaturePad({ onChange }: { onChange: (dataUrl: string | null) => void }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const pointOf = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - rect.left) * WIDTH) / rect.width, y: ((event.clientY - rect.top) * HEIGHT) / rect.height };
  };
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'white', touchAction: 'none', maxWidth: '100%' }}>
        <canvas
          ref={canvas}
          width={WIDTH}
          height={HEIGHT}
          aria-label="Signature drawing area"
          style={{ display: 'block', width: WIDTH, maxWidth: '100%', cursor: 'crosshair' }}
          onPointerDown={(event) => {
            event.currentTarget.setPointerCapture(event.pointerId);
            last.current = pointOf(event);
          }}
          onPointerMove={(event) => {
            const context = canvas.current?.getContext('2d');
            if (!last.current || !context) return;
            const point = pointOf(event);
            context.strokeStyle = '#0d1a73';
            context.lineWidth = 2.5;
            context.lineCap = 'round';
            context.beginPath();
            context.moveTo(last.current.x, last.current.y);
            context.lineTo(point.x, point.y);
            context.stroke();
            last.current = point;
          }}
          onPointerUp={() => {
            last.current = null;
            onChange(canvas.current?.toDataURL('image/png') ?? null);
          }}
        />
      </Box>
      <Button
        size="small"
        onClick={() => {
          canvas.current?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
          onChange(null);
        }}
      >
        Clear
      </Button>
    </Stack>
  );
}
