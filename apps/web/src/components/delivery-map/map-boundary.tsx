import type { MapConfig } from '@courier/contract';
import { Skeleton, Text } from '@mantine/core';
import { Component, Suspense, type ReactNode } from 'react';
import { useMapConfig } from './api/get-map-config';

/** Without WebGL (or if the map's chunk fails to load) the page goes on without the map, saying so in `message`. */
export class MapBoundary extends Component<{ children: ReactNode; message: string }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (this.state.failed) {
      return (
        <Text size="sm" c="dimmed" role="status">
          {this.props.message}
        </Text>
      );
    }
    return this.props.children;
  }
}

/**
 * Where a lazily loaded map goes: a skeleton of its height while the base map's configuration or the map's chunk
 * loads (or until `ready`), the map once both are there, and `message` instead when it cannot be drawn.
 */
export function MapSlot({
  height,
  message,
  ready = true,
  children,
}: {
  height: number;
  message: string;
  ready?: boolean;
  children: (config: MapConfig) => ReactNode;
}) {
  // The built-in map when the ask fails, so the map is never held up by it.
  const { config } = useMapConfig();
  const skeleton = <Skeleton height={height} radius="md" aria-label="Loading the map" />;
  return (
    <MapBoundary message={message}>
      <Suspense fallback={skeleton}>{config && ready ? children(config) : skeleton}</Suspense>
    </MapBoundary>
  );
}
