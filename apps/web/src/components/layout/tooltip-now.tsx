// Mantine's Tooltip as a module of its own, for LaterTooltip's lazy import (the package's barrel would keep it all).
export { Tooltip as default } from '@mantine/core';
