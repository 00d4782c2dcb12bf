// Mantine's CSS for the company dashboard (the first screen after signing in) beyond the first load's and the
// frame's (decision 047); every other screen loads the whole of it (`all-mantine-styles.ts`).
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Progress.layer.css';
import '@mantine/core/styles/ColorSwatch.layer.css';
