// The map domain: which base map the web app draws, and the operator's PMTiles archive.
// app.ts reaches it only through this file.
export { chooseBaseMap, mapCspOrigins, type BaseMap } from './base-map.service.js';
export { mapRoutes } from './map.routes.js';
