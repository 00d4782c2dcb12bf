/** The driver's query keys live in lib/ so the shell's live stream can update the driver's caches too. */
export { driverKeys } from '../../../lib/driver-keys';
