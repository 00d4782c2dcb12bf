import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { MantineProvider, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { mantineTheme } from './mantine-theme';
import { revealFormErrors } from './form-errors';

const SOURCE = join(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every `form.onSubmit(...)` of the app's source, with the number of arguments it is given. */
function submitCalls(): { where: string; args: string[] }[] {
  return sourceFiles(SOURCE).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('.onSubmit(')) return [];
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
    const calls: { where: string; args: string[] }[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === 'onSubmit' &&
        node.expression.expression.getText() === 'form'
      ) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        calls.push({ where: `${relative(SOURCE, file)}:${line}`, args: node.arguments.map((a) => a.getText()) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return calls;
  });
}

function Form() {
  const form = useForm({
    initialValues: { first: '', second: '', hidden: '' },
    validate: {
      first: (v) => (v ? null : 'First is required'),
      second: (v) => (v ? null : 'Second is required'),
      hidden: (v) => (v ? null : 'Last name is required'),
    },
  });
  return (
    <form onSubmit={form.onSubmit(() => undefined, revealFormErrors)} noValidate>
      <TextInput label="First" {...form.getInputProps('first')} />
      <TextInput label="Second" {...form.getInputProps('second')} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('revealFormErrors', () => {
  it('focuses the first field in error and tells in a notification an error that no field shows', async () => {
    render(
      <MantineProvider theme={mantineTheme}>
        <Notifications />
        <Form />
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First')));
    expect(screen.getByText('First is required')).toBeTruthy();
    expect(screen.getByText('Second is required')).toBeTruthy();
    expect(await screen.findByText('Check the form')).toBeTruthy();
    expect(screen.getByText('Hidden: Last name is required')).toBeTruthy();
  });
});

describe('every form of the app', () => {
  it('shows its validation errors: each form.onSubmit reveals them on failure', () => {
    const calls = submitCalls();
    expect(calls.length).toBeGreaterThan(30);
    expect(calls.filter((call) => call.args[1] !== 'revealFormErrors').map((call) => call.where)).toEqual([]);
  });
});
