import { HEADER_DROPDOWN } from '@courier/contract';
import { ActionIcon, Box, Button, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBulb,
  IconCircleCheck,
  IconMail,
  IconMessage,
  IconX,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel, HeaderDropdown } from './header-dropdown';
import classes from './header.module.css';
import { SAMPLE_MESSAGES, type MessageKind } from './sample-data';

const PICTURES: Record<MessageKind, { icon: Icon; color: string }> = {
  success: { icon: IconCircleCheck, color: 'teal' },
  info: { icon: IconBulb, color: 'indigo' },
  error: { icon: IconX, color: 'red' },
  warning: { icon: IconAlertTriangle, color: 'orange' },
};

export function MessagesDropdown() {
  const [messages, setMessages] = useState(SAMPLE_MESSAGES);
  const dismiss = (id: number) => setMessages((list) => list.filter((m) => m.id !== id));
  return (
    <HeaderDropdown
      label="Messages"
      icon={<IconMail size={20} />}
      hasItems={messages.length > 0}
      widths={HEADER_DROPDOWN.messagePanelWidth}
    >
      {() => (
        <>
          <div className={classes.panelHeader}>
            <Text fw={700}>Messages</Text>
            {messages.length > 0 ? (
              <Text size="xs" c="dimmed">
                {messages.length} new
              </Text>
            ) : null}
          </div>
          {messages.length === 0 ? <EmptyPanel /> : null}
          {messages.map((message) => {
            const picture = PICTURES[message.image];
            return (
              <div key={message.id} className={classes.panelItem}>
                <ThemeIcon variant="light" color={picture.color} radius="xl" size={36}>
                  <picture.icon size={18} />
                </ThemeIcon>
                <Box flex={1} miw={0}>
                  <Text size="sm" fw={700}>
                    {message.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {message.message}
                  </Text>
                </Box>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {message.time}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={`Dismiss ${message.title}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    dismiss(message.id);
                  }}
                >
                  <IconX size={14} />
                </ActionIcon>
              </div>
            );
          })}
          {messages.length > 0 ? (
            <div className={classes.panelFooter}>
              <Button
                component={Link}
                to="/apps/mailbox"
                fullWidth
                variant="light"
                leftSection={<IconMessage size={16} />}
              >
                {HEADER_DROPDOWN.viewAllActivities}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </HeaderDropdown>
  );
}
