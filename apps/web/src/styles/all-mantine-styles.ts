// The whole of Mantine's CSS, loaded with every screen but the sign-in (decision 042; see first-load.ts).
import '@mantine/core/styles.layer.css';
