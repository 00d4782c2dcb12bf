import { Text } from '@mantine/core';
import { Component, type ReactNode } from 'react';

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
