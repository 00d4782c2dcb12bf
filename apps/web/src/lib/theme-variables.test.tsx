import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, mantineTheme } from './mantine-theme';

const FILE = resolve(import.meta.dirname, '../styles/theme-variables.css');

/** The variables Mantine's provider writes for the theme when it is left to (`withCssVariables`, its default). */
function variablesMantineWrites(): string {
  const { unmount } = render(
    <MantineProvider theme={mantineTheme} cssVariablesResolver={cssVariablesResolver}>
      <p>theme</p>
    </MantineProvider>,
  );
  const css = document.querySelector('style[data-mantine-styles]')?.textContent ?? '';
  unmount();
  return css;
}

describe("the theme's CSS variables", () => {
  it('are in styles/theme-variables.css exactly as Mantine would write them at start-up', () => {
    const css = variablesMantineWrites();
    expect(css).toContain('--mantine-primary-color-filled: var(--mantine-color-indigo-filled)');
    const header = readFileSync(FILE, 'utf8').split('*/\n')[0];
    if (process.env.UPDATE_THEME_CSS) writeFileSync(FILE, `${header}*/\n${css}\n`);
    // Changed the theme? Run this test with UPDATE_THEME_CSS=1 to write the file again.
    expect(readFileSync(FILE, 'utf8')).toBe(`${header}*/\n${css}\n`);
  });
});
