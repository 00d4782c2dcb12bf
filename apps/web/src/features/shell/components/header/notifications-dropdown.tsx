import { HEADER_DROPDOWN } from '@courier/contract';
import { ActionIcon, Avatar, Badge, Box, Button, Text } from '@mantine/core';
import { IconBell, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyPanel, HeaderDropdown } from './header-dropdown';
import classes from './header.module.css';
import { SAMPLE_NOTIFICATIONS } from './sample-data';

export function NotificationsDropdown() {
  const [items, setItems] = useState(SAMPLE_NOTIFICATIONS);
  const dismiss = (id: number) => setItems((list) => list.filter((n) => n.id !== id));
  return (
    <HeaderDropdown
      label="Notifications"
      icon={<IconBell size={20} />}
      hasItems={items.length > 0}
      widths={HEADER_DROPDOWN.notificationPanelWidth}
    >
      {() => (
        <>
          <div className={classes.panelHeader}>
            <Text fw={700}>Notifications</Text>
            {items.length > 0 ? (
              <Badge variant="light" radius="sm">
                {items.length} New
              </Badge>
            ) : null}
          </div>
          {items.length === 0 ? <EmptyPanel /> : null}
          {items.map((item) => (
            <div key={item.id} className={classes.panelItem}>
              <Avatar name={item.profile} color="initials" radius="xl" size={36} />
              <Box flex={1} miw={0}>
                <Text size="sm">
                  <Text span fw={700} inherit>
                    {item.profile}
                  </Text>{' '}
                  {item.message}
                </Text>
                <Text size="xs" c="dimmed">
                  {item.time}
                </Text>
              </Box>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={`Dismiss notification from ${item.profile}`}
                onClick={(event) => {
                  event.stopPropagation();
                  dismiss(item.id);
                }}
              >
                <IconX size={14} />
              </ActionIcon>
            </div>
          ))}
          {items.length > 0 ? (
            <div className={classes.panelFooter}>
              <Button fullWidth variant="light" onClick={() => setItems([])}>
                {HEADER_DROPDOWN.readAllNotifications}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </HeaderDropdown>
  );
}
