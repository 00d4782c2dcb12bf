// Mantine's CSS for the signed-in frame (sidebar, header and its panels and menus, the floating buttons, the
// confirm dialogs), beyond the first load's part (first-load.ts): loaded with the frame's code instead of the whole
// of Mantine's CSS, so the dashboard's first screen does not wait for 30 KB of styles it does not draw (decision
// 047). A component new to the frame needs its line here (an unstyled component shows in the screenshots at once).
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/Affix.layer.css';
import '@mantine/core/styles/Avatar.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Indicator.layer.css';
import '@mantine/core/styles/Menu.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Divider.layer.css';
