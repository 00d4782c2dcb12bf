import type { MapConfig } from '@courier/contract';
import { useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import BaseMapView from '../../../components/delivery-map/base-map/base-map-view';
import { DriverDot } from '../../../components/delivery-map/driver-dot';

/** Streets around the driver: close enough to see the way, wide enough to see where they are. */
const ZOOM = 14;

/**
 * The driver on the base map, centred on them and following each new position (the recipient's zoom is kept). The
 * marker carries its position and time as data attributes, for tests and support. Loaded lazily (maplibre is large).
 */
export default function DriverMap({
  config,
  position,
  stale,
  label,
  height,
}: {
  config: MapConfig;
  position: { lat: number; lng: number; recordedAt: string };
  stale: boolean;
  label: string;
  height: number;
}) {
  const mapRef = useRef<MapRef>(null);
  const { lat, lng } = position;
  useEffect(() => {
    mapRef.current?.easeTo({ center: [lng, lat], duration: 600 });
  }, [lat, lng]);
  return (
    <BaseMapView
      config={config}
      height={height}
      initialViewState={{ longitude: lng, latitude: lat, zoom: ZOOM }}
      markers={[
        {
          id: 'driver',
          lat,
          lng,
          element: (
            <DriverDot
              stale={stale}
              label={label}
              data-lat={lat}
              data-lng={lng}
              data-recorded-at={position.recordedAt}
            />
          ),
        },
      ]}
      mapRef={mapRef}
      testId="tracking-map"
    />
  );
}
