import type { MapConfig } from '@courier/contract';
import { IconHome } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { MapRef } from 'react-map-gl/maplibre';
import BaseMapView, { type MapMarker } from '../../../components/delivery-map/base-map/base-map-view';
import { DriverDot } from '../../../components/delivery-map/driver-dot';
import { boundsOf, DEFAULT_CENTER } from '../../../components/delivery-map/map-data';
import classes from '../../../components/delivery-map/step-map.module.css';

/** Streets around the driver: close enough to see the way, wide enough to see where they are. */
const ZOOM = 14;
const FIT = { padding: 48, maxZoom: 15 };

type Point = { lat: number; lng: number };

/**
 * The recipient's map: where the parcel is going (their own address) and, while the driver is on the way to it, the
 * driver, both in view and followed with each new position (the recipient's zoom is kept once they move it). The
 * driver marker carries its position and time as data attributes, for tests and support. Loaded lazily.
 */
export default function DriverMap({
  config,
  position,
  destination,
  stale,
  label,
  height,
}: {
  config: MapConfig;
  position: { lat: number; lng: number; recordedAt: string; heading?: number | null } | null;
  destination: Point | null;
  stale: boolean;
  label: string;
  height: number;
}) {
  const mapRef = useRef<MapRef>(null);
  const lat = position?.lat;
  const lng = position?.lng;
  const toLat = destination?.lat;
  const toLng = destination?.lng;
  useEffect(() => {
    if (lat === undefined || lng === undefined || !mapRef.current) return;
    if (toLat !== undefined && toLng !== undefined)
      mapRef.current.fitBounds(
        boundsOf([
          { lat, lng },
          { lat: toLat, lng: toLng },
        ])!,
        { ...FIT, duration: 600 },
      );
    else mapRef.current.easeTo({ center: [lng, lat], duration: 600 });
  }, [lat, lng, toLat, toLng]);

  const markers: MapMarker[] = [];
  if (destination)
    markers.push({
      id: 'destination',
      ...destination,
      element: (
        <div
          className={classes.destination}
          role="img"
          aria-label="Your address"
          data-testid="destination-marker"
        >
          <IconHome size={16} aria-hidden />
        </div>
      ),
    });
  if (position)
    markers.push({
      id: 'driver',
      lat: position.lat,
      lng: position.lng,
      element: (
        <DriverDot
          stale={stale}
          label={label}
          heading={position.heading}
          data-lat={position.lat}
          data-lng={position.lng}
          data-recorded-at={position.recordedAt}
        />
      ),
    });
  const places = [position, destination].filter((p): p is Point => p !== null);
  const bounds = places.length > 1 ? boundsOf(places) : null;
  const centre = places[0] ?? DEFAULT_CENTER;
  return (
    <BaseMapView
      config={config}
      height={height}
      initialViewState={
        bounds
          ? { bounds, fitBoundsOptions: FIT }
          : { longitude: centre.lng, latitude: centre.lat, zoom: ZOOM }
      }
      markers={markers}
      mapRef={mapRef}
      testId="tracking-map"
    />
  );
}
