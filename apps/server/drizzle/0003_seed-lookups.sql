-- Lookup lists of spec section 7 with real values (docs/decisions/005-lookups.md).
INSERT INTO "vehicle_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('on-foot', 'On foot', NULL, NULL, 0),
  ('bicycle', 'Bicycle', NULL, NULL, 1),
  ('e-bike', 'E-bike', NULL, NULL, 2),
  ('cargo-bike', 'Cargo bike', NULL, NULL, 3),
  ('scooter', 'Scooter', NULL, NULL, 4),
  ('motorcycle', 'Motorcycle', NULL, NULL, 5),
  ('car', 'Car', NULL, NULL, 6),
  ('van', 'Van', NULL, NULL, 7),
  ('truck', 'Truck', NULL, NULL, 8),
  ('lorry', 'Lorry (HGV)', NULL, NULL, 9)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "vehicle_statuses" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('available', 'Available', NULL, 'success', 0),
  ('booked', 'Booked', NULL, 'orange', 1),
  ('maintenance', 'Maintenance', NULL, 'red', 2),
  ('offline', 'Offline', NULL, 'red', 3),
  ('on-delivery', 'On delivery', NULL, 'light-blue', 4),
  ('unavailable', 'Unavailable', NULL, 'red', 5)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "vehicle_sizes" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('unknown', 'Unknown', 'Size not known yet', NULL, 0),
  ('foot', 'On foot', 'Carried by hand, up to 10 kg', NULL, 1),
  ('bicycle', 'Bicycle', 'Up to 15 kg in a bag or pannier', NULL, 2),
  ('bicycle-cargo', 'Cargo bicycle', 'Up to 100 kg, 0.5 m³', NULL, 3),
  ('motorcycle', 'Motorcycle', 'Up to 30 kg in a top box', NULL, 4),
  ('car-compact', 'Compact car', 'Up to 150 kg, 0.3 m³', NULL, 5),
  ('car-sedan', 'Saloon car', 'Up to 200 kg, 0.45 m³', NULL, 6),
  ('car-suv', 'SUV', 'Up to 300 kg, 0.8 m³', NULL, 7),
  ('car-estate', 'Estate car', 'Up to 300 kg, 1 m³', NULL, 8),
  ('van-small', 'Small van', 'Up to 600 kg, 3 m³', NULL, 9),
  ('van-medium', 'Medium van', 'Up to 1,000 kg, 6 m³', NULL, 10),
  ('van-large', 'Large van', 'Up to 1,400 kg, 11 m³', NULL, 11),
  ('van-extra-large', 'Extra-large van', 'Up to 1,400 kg, 15 m³, Luton body', NULL, 12),
  ('truck-light', 'Light truck', '3.5–7.5 t gross weight', NULL, 13),
  ('truck-medium', 'Medium truck', '7.5–18 t gross weight', NULL, 14),
  ('truck-heavy', 'Heavy truck', '18–26 t gross weight', NULL, 15),
  ('truck-semi', 'Articulated lorry', 'Tractor and semi-trailer, up to 44 t', NULL, 16)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "vehicle_colours" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('white', 'White', NULL, NULL, 0),
  ('black', 'Black', NULL, NULL, 1),
  ('silver', 'Silver', NULL, NULL, 2),
  ('grey', 'Grey', NULL, NULL, 3),
  ('blue', 'Blue', NULL, NULL, 4),
  ('red', 'Red', NULL, NULL, 5),
  ('green', 'Green', NULL, NULL, 6),
  ('yellow', 'Yellow', NULL, NULL, 7),
  ('orange', 'Orange', NULL, NULL, 8),
  ('brown', 'Brown', NULL, NULL, 9),
  ('beige', 'Beige', NULL, NULL, 10),
  ('purple', 'Purple', NULL, NULL, 11),
  ('other', 'Other', NULL, NULL, 12)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "vehicle_features" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('refrigerated', 'Refrigerated', 'Temperature-controlled load space', NULL, 0),
  ('tail-lift', 'Tail lift', NULL, NULL, 1),
  ('roof-rack', 'Roof rack', NULL, NULL, 2),
  ('tow-bar', 'Tow bar', NULL, NULL, 3),
  ('gps-tracker', 'GPS tracker', NULL, NULL, 4),
  ('dash-cam', 'Dash cam', NULL, NULL, 5),
  ('hazmat', 'Dangerous goods (ADR)', 'Certified to carry dangerous goods', NULL, 6),
  ('wheelchair-accessible', 'Wheelchair accessible', NULL, NULL, 7),
  ('electric', 'Electric', NULL, NULL, 8),
  ('hybrid', 'Hybrid', NULL, NULL, 9),
  ('secure-locker', 'Secure locker', NULL, NULL, 10),
  ('side-door', 'Side loading door', NULL, NULL, 11),
  ('ramp', 'Loading ramp', NULL, NULL, 12),
  ('cash-safe', 'Cash safe', NULL, NULL, 13)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "vehicle_makes" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('ford', 'Ford', NULL, NULL, 0),
  ('vauxhall', 'Vauxhall', NULL, NULL, 1),
  ('volkswagen', 'Volkswagen', NULL, NULL, 2),
  ('mercedes-benz', 'Mercedes-Benz', NULL, NULL, 3),
  ('renault', 'Renault', NULL, NULL, 4),
  ('peugeot', 'Peugeot', NULL, NULL, 5),
  ('citroen', 'Citroën', NULL, NULL, 6),
  ('toyota', 'Toyota', NULL, NULL, 7),
  ('nissan', 'Nissan', NULL, NULL, 8),
  ('fiat', 'Fiat', NULL, NULL, 9),
  ('iveco', 'Iveco', NULL, NULL, 10),
  ('man', 'MAN', NULL, NULL, 11),
  ('volvo', 'Volvo', NULL, NULL, 12),
  ('scania', 'Scania', NULL, NULL, 13),
  ('daf', 'DAF', NULL, NULL, 14),
  ('isuzu', 'Isuzu', NULL, NULL, 15),
  ('mitsubishi-fuso', 'Mitsubishi Fuso', NULL, NULL, 16),
  ('bmw', 'BMW', NULL, NULL, 17),
  ('kia', 'Kia', NULL, NULL, 18),
  ('hyundai', 'Hyundai', NULL, NULL, 19),
  ('tesla', 'Tesla', NULL, NULL, 20),
  ('skoda', 'Škoda', NULL, NULL, 21),
  ('honda', 'Honda', NULL, NULL, 22),
  ('yamaha', 'Yamaha', NULL, NULL, 23),
  ('piaggio', 'Piaggio', NULL, NULL, 24),
  ('urban-arrow', 'Urban Arrow', NULL, NULL, 25),
  ('riese-muller', 'Riese & Müller', NULL, NULL, 26),
  ('tern', 'Tern', NULL, NULL, 27),
  ('brompton', 'Brompton', NULL, NULL, 28),
  ('maxus', 'Maxus', NULL, NULL, 29)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "driver_statuses" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('available', 'Available', NULL, 'success', 0),
  ('booked', 'Booked', NULL, 'orange', 1),
  ('maintenance', 'Maintenance', NULL, 'red', 2),
  ('on-break', 'On break', NULL, 'light-blue', 3),
  ('on-leave', 'On leave', NULL, 'light-blue', 4),
  ('offline', 'Offline', NULL, 'red', 5),
  ('on-delivery', 'On delivery', NULL, 'light-blue', 6),
  ('unavailable', 'Unavailable', NULL, 'red', 7)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "delivery_cancel_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('shipper-request', 'Cancelled by the shipper', NULL, NULL, 0),
  ('recipient-request', 'Cancelled by the recipient', NULL, NULL, 1),
  ('address-not-found', 'Address not found', NULL, NULL, 2),
  ('recipient-unavailable', 'Recipient unavailable', NULL, NULL, 3),
  ('refused-by-recipient', 'Refused by the recipient', NULL, NULL, 4),
  ('damaged-goods', 'Goods damaged', NULL, NULL, 5),
  ('no-driver-available', 'No driver available', NULL, NULL, 6),
  ('vehicle-breakdown', 'Vehicle breakdown', NULL, NULL, 7),
  ('weather', 'Weather', NULL, NULL, 8),
  ('duplicate', 'Duplicate delivery', NULL, NULL, 9),
  ('other', 'Other', NULL, NULL, 10)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "delivery_live_statuses" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('created', 'Created', 'The delivery exists but is not planned yet', 'light-blue', 0),
  ('scheduled', 'Scheduled', 'Planned with a time window', 'light-blue', 1),
  ('assigned', 'Assigned', 'A vehicle and driver are linked', 'orange', 2),
  ('en-route-to-pickup', 'En route to pickup', NULL, 'orange', 3),
  ('at-pickup', 'At pickup', NULL, 'orange', 4),
  ('picked-up', 'Picked up', NULL, 'orange', 5),
  ('en-route-to-dropoff', 'En route to dropoff', NULL, 'orange', 6),
  ('at-dropoff', 'At dropoff', NULL, 'orange', 7),
  ('delivered', 'Delivered', 'Handed over at the dropoff', 'success', 8),
  ('completed', 'Completed', 'Delivered and closed', 'success', 9),
  ('failed', 'Failed', 'Could not be delivered', 'red', 10),
  ('cancelled', 'Cancelled', NULL, 'red', 11),
  ('returned', 'Returned', 'Brought back to the sender', 'red', 12)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "delivery_live_status_payload_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('location', 'Location update', NULL, NULL, 0),
  ('eta', 'Estimated arrival', NULL, NULL, 1),
  ('photo', 'Photo', NULL, NULL, 2),
  ('signature', 'Signature', NULL, NULL, 3),
  ('barcode-scan', 'Barcode scan', NULL, NULL, 4),
  ('note', 'Note', NULL, NULL, 5),
  ('failure-reason', 'Failure reason', NULL, NULL, 6)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "delivery_schedule_window_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('pickup', 'Pickup window', NULL, NULL, 0),
  ('dropoff', 'Dropoff window', NULL, NULL, 1),
  ('whole-delivery', 'Whole delivery window', NULL, NULL, 2)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "delivery_quote_statuses" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('draft', 'Draft', NULL, 'light-blue', 0),
  ('quoted', 'Quoted', NULL, 'orange', 1),
  ('accepted', 'Accepted', NULL, 'success', 2),
  ('rejected', 'Rejected', NULL, 'red', 3),
  ('expired', 'Expired', NULL, 'red', 4)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "delivery_step_task_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('pickup', 'Pickup', NULL, NULL, 0),
  ('dropoff', 'Dropoff', NULL, NULL, 1),
  ('signature', 'Collect a signature', NULL, NULL, 2),
  ('photo', 'Take a photo', NULL, NULL, 3),
  ('scan', 'Scan a barcode', NULL, NULL, 4),
  ('id-check', 'Check ID', NULL, NULL, 5),
  ('cash-on-delivery', 'Collect payment', NULL, NULL, 6),
  ('return', 'Return to sender', NULL, NULL, 7)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "document_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('proof-of-delivery', 'Proof of delivery', NULL, NULL, 0),
  ('proof-of-pickup', 'Proof of pickup', NULL, NULL, 1),
  ('signature', 'Signature', NULL, NULL, 2),
  ('photo', 'Photo', NULL, NULL, 3),
  ('invoice', 'Invoice', NULL, NULL, 4),
  ('delivery-note', 'Delivery note', NULL, NULL, 5),
  ('driving-licence', 'Driving licence', NULL, NULL, 6),
  ('insurance-certificate', 'Insurance certificate', NULL, NULL, 7),
  ('vehicle-registration', 'Vehicle registration', NULL, NULL, 8),
  ('other', 'Other', NULL, NULL, 9)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "document_formats" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('pdf', 'PDF', 'application/pdf', NULL, 0),
  ('png', 'PNG image', 'image/png', NULL, 1),
  ('jpeg', 'JPEG image', 'image/jpeg', NULL, 2),
  ('webp', 'WebP image', 'image/webp', NULL, 3)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "document_sections" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('delivery', 'Delivery', NULL, NULL, 0),
  ('delivery-step', 'Delivery step', NULL, NULL, 1),
  ('delivery-step-task', 'Delivery step task', NULL, NULL, 2),
  ('vehicle', 'Vehicle', NULL, NULL, 3),
  ('driver', 'Driver', NULL, NULL, 4),
  ('company', 'Company', NULL, NULL, 5)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "originator_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('web', 'Web app', 'Created by a user in the web app', NULL, 0),
  ('api', 'API', 'Created through the API', NULL, 1),
  ('csv-import', 'CSV import', NULL, NULL, 2),
  ('marketplace', 'Marketplace', 'Won by a courier in the bidding marketplace', NULL, 3),
  ('integration', 'Integration', 'Created by a connected shop or system', NULL, 4)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "noteable_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('deliveries', 'Delivery', NULL, NULL, 0),
  ('vehicles', 'Vehicle', NULL, NULL, 1),
  ('drivers', 'Driver', NULL, NULL, 2),
  ('parcels', 'Parcel', NULL, NULL, 3),
  ('clients', 'Client', NULL, NULL, 4)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "note_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('general', 'General', NULL, NULL, 0),
  ('internal', 'Internal', 'Visible to the company only', NULL, 1),
  ('driver-instruction', 'Driver instruction', NULL, NULL, 2),
  ('customer', 'Customer communication', NULL, NULL, 3),
  ('incident', 'Incident', NULL, NULL, 4)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_action_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('assign', 'Assign', NULL, NULL, 0),
  ('unassign', 'Unassign', NULL, NULL, 1),
  ('start', 'Start', NULL, NULL, 2),
  ('arrive', 'Arrive', NULL, NULL, 3),
  ('complete-task', 'Complete task', NULL, NULL, 4),
  ('fail', 'Fail', NULL, NULL, 5),
  ('cancel', 'Cancel', NULL, NULL, 6),
  ('reschedule', 'Reschedule', NULL, NULL, 7),
  ('notify', 'Notify', NULL, NULL, 8)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_delivery_live_status_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('created', 'Created', 'The delivery exists but is not planned yet', 'light-blue', 0),
  ('scheduled', 'Scheduled', 'Planned with a time window', 'light-blue', 1),
  ('assigned', 'Assigned', 'A vehicle and driver are linked', 'orange', 2),
  ('en-route-to-pickup', 'En route to pickup', NULL, 'orange', 3),
  ('at-pickup', 'At pickup', NULL, 'orange', 4),
  ('picked-up', 'Picked up', NULL, 'orange', 5),
  ('en-route-to-dropoff', 'En route to dropoff', NULL, 'orange', 6),
  ('at-dropoff', 'At dropoff', NULL, 'orange', 7),
  ('delivered', 'Delivered', 'Handed over at the dropoff', 'success', 8),
  ('completed', 'Completed', 'Delivered and closed', 'success', 9),
  ('failed', 'Failed', 'Could not be delivered', 'red', 10),
  ('cancelled', 'Cancelled', NULL, 'red', 11),
  ('returned', 'Returned', 'Brought back to the sender', 'red', 12)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_delivery_live_status_payload_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('location', 'Location update', NULL, NULL, 0),
  ('eta', 'Estimated arrival', NULL, NULL, 1),
  ('photo', 'Photo', NULL, NULL, 2),
  ('signature', 'Signature', NULL, NULL, 3),
  ('barcode-scan', 'Barcode scan', NULL, NULL, 4),
  ('note', 'Note', NULL, NULL, 5),
  ('failure-reason', 'Failure reason', NULL, NULL, 6)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_request_status_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('pending', 'Pending', NULL, 'light-blue', 0),
  ('processing', 'Processing', NULL, 'orange', 1),
  ('succeeded', 'Succeeded', NULL, 'success', 2),
  ('failed', 'Failed', NULL, 'red', 3),
  ('retrying', 'Retrying', NULL, 'orange', 4)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_schedule_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('asap', 'As soon as possible', NULL, NULL, 0),
  ('scheduled', 'Scheduled', NULL, NULL, 1),
  ('recurring', 'Recurring', NULL, NULL, 2)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_service_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('same-day', 'Same day', NULL, NULL, 0),
  ('next-day', 'Next day', NULL, NULL, 1),
  ('express', 'Express', 'Within 2 hours', NULL, 2),
  ('standard', 'Standard', '2–3 working days', NULL, 3),
  ('economy', 'Economy', NULL, NULL, 4)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "orchestration_transport_types" ("slug", "name", "description", "tag", "sort_order") VALUES
  ('road', 'Road', NULL, NULL, 0),
  ('bicycle', 'Bicycle', NULL, NULL, 1),
  ('on-foot', 'On foot', NULL, NULL, 2),
  ('rail', 'Rail', NULL, NULL, 3),
  ('air', 'Air', NULL, NULL, 4),
  ('sea', 'Sea', NULL, NULL, 5)
ON CONFLICT ("slug") DO NOTHING;
--> statement-breakpoint
INSERT INTO "vehicle_models" ("vehicle_make_slug", "name", "vehicle_size_slug") VALUES
  ('ford', 'Transit Connect', 'van-small'),
  ('ford', 'Transit Custom', 'van-medium'),
  ('ford', 'Transit', 'van-large'),
  ('ford', 'Fiesta', 'car-compact'),
  ('ford', 'Focus Estate', 'car-estate'),
  ('ford', 'Kuga', 'car-suv'),
  ('vauxhall', 'Combo Cargo', 'van-small'),
  ('vauxhall', 'Vivaro', 'van-medium'),
  ('vauxhall', 'Movano', 'van-large'),
  ('vauxhall', 'Corsa', 'car-compact'),
  ('volkswagen', 'Caddy Cargo', 'van-small'),
  ('volkswagen', 'Transporter', 'van-medium'),
  ('volkswagen', 'Crafter', 'van-extra-large'),
  ('volkswagen', 'Golf', 'car-compact'),
  ('volkswagen', 'Passat Estate', 'car-estate'),
  ('volkswagen', 'ID. Buzz Cargo', 'van-medium'),
  ('mercedes-benz', 'Citan', 'van-small'),
  ('mercedes-benz', 'Vito', 'van-medium'),
  ('mercedes-benz', 'Sprinter', 'van-large'),
  ('mercedes-benz', 'eSprinter', 'van-large'),
  ('mercedes-benz', 'Atego', 'truck-medium'),
  ('mercedes-benz', 'Actros', 'truck-semi'),
  ('renault', 'Kangoo', 'van-small'),
  ('renault', 'Trafic', 'van-medium'),
  ('renault', 'Master', 'van-large'),
  ('peugeot', 'Partner', 'van-small'),
  ('peugeot', 'Expert', 'van-medium'),
  ('peugeot', 'Boxer', 'van-large'),
  ('citroen', 'Berlingo', 'van-small'),
  ('citroen', 'Dispatch', 'van-medium'),
  ('citroen', 'Relay', 'van-large'),
  ('toyota', 'Prius', 'car-sedan'),
  ('toyota', 'RAV4', 'car-suv'),
  ('toyota', 'Proace City', 'van-small'),
  ('toyota', 'Proace', 'van-medium'),
  ('nissan', 'Leaf', 'car-compact'),
  ('nissan', 'Townstar', 'van-small'),
  ('fiat', 'Doblo', 'van-small'),
  ('fiat', 'Ducato', 'van-large'),
  ('iveco', 'Daily', 'truck-light'),
  ('iveco', 'Eurocargo', 'truck-medium'),
  ('man', 'TGE', 'van-extra-large'),
  ('man', 'TGL', 'truck-medium'),
  ('man', 'TGM', 'truck-heavy'),
  ('man', 'TGX', 'truck-semi'),
  ('volvo', 'FL', 'truck-medium'),
  ('volvo', 'FM', 'truck-heavy'),
  ('volvo', 'FH', 'truck-semi'),
  ('scania', 'P-series', 'truck-heavy'),
  ('scania', 'R-series', 'truck-semi'),
  ('daf', 'LF', 'truck-medium'),
  ('daf', 'CF', 'truck-heavy'),
  ('daf', 'XF', 'truck-semi'),
  ('isuzu', 'N-series', 'truck-light'),
  ('mitsubishi-fuso', 'Canter', 'truck-light'),
  ('bmw', '3 Series', 'car-sedan'),
  ('kia', 'Niro', 'car-suv'),
  ('hyundai', 'Ioniq 5', 'car-suv'),
  ('tesla', 'Model 3', 'car-sedan'),
  ('tesla', 'Model Y', 'car-suv'),
  ('skoda', 'Octavia Estate', 'car-estate'),
  ('honda', 'PCX 125', 'motorcycle'),
  ('yamaha', 'NMAX 125', 'motorcycle'),
  ('piaggio', 'Liberty 125', 'motorcycle'),
  ('urban-arrow', 'Cargo L', 'bicycle-cargo'),
  ('riese-muller', 'Load 75', 'bicycle-cargo'),
  ('tern', 'GSD', 'bicycle-cargo'),
  ('brompton', 'Electric C Line', 'bicycle'),
  ('maxus', 'eDeliver 3', 'van-small'),
  ('maxus', 'eDeliver 9', 'van-large');
