import type { ThemeValue } from '@courier/contract';
import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { colorSchemeToTheme, nextTheme, THEME_LABELS, themeToColorScheme } from '../../../../lib/theme';
import { LaterTooltip } from '../../../../components/layout/later-tooltip';

const ICONS: Record<ThemeValue, typeof IconSun> = {
  light: IconSun,
  dark: IconMoon,
  system: IconDeviceDesktop,
};

/** Cycles light, dark, system (spec section 4 "Theme"); system follows the device's preference. */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const theme = colorSchemeToTheme(colorScheme);
  const next = nextTheme(theme);
  const Icon = ICONS[theme];
  return (
    <LaterTooltip label={`Theme: ${THEME_LABELS[theme]} (switch to ${THEME_LABELS[next].toLowerCase()})`}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={`Theme: ${THEME_LABELS[theme]}`}
        data-theme={theme}
        onClick={() => setColorScheme(themeToColorScheme(next))}
      >
        <Icon size={20} />
      </ActionIcon>
    </LaterTooltip>
  );
}
