/** The API's version, as the health check and the OpenAPI document report it. */
export const APP_VERSION = '0.1.0';
