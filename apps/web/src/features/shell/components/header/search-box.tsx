import { ActionIcon, CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import classes from './header.module.css';

/**
 * The header search (spec section 2): a box on wide screens, a toggle on small ones. There is no search behaviour
 * yet; submitting only closes the small-screen box.
 */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setOpen(false);
  };
  return (
    <>
      <form className={classes.searchWide} onSubmit={submit} role="search">
        <TextInput
          placeholder="Search..."
          aria-label="Search"
          leftSection={<IconSearch size={16} />}
          radius="xl"
        />
      </form>
      <ActionIcon
        className={classes.searchToggle}
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label="Open search"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <IconSearch size={20} />
      </ActionIcon>
      {open ? (
        <form className={`${classes.searchOverlay} ${classes.searchToggle}`} onSubmit={submit} role="search">
          <TextInput
            placeholder="Search..."
            aria-label="Search"
            leftSection={<IconSearch size={16} />}
            radius="xl"
            flex={1}
            autoFocus
          />
          <CloseButton aria-label="Close search" onClick={() => setOpen(false)} />
        </form>
      ) : null}
    </>
  );
}
