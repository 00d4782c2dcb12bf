import { Select, type SelectProps } from '@mantine/core';
import type { TaskOption } from './edit-form-values';

/** The task an edit goes to, chosen among the delivery's tasks in route order. */
export function TaskSelect({ tasks, ...props }: { tasks: TaskOption[] } & Omit<SelectProps, 'data'>) {
  return (
    <Select
      label="Task"
      withAsterisk
      allowDeselect={false}
      data={tasks}
      comboboxProps={{ withinPortal: true }}
      {...props}
    />
  );
}
