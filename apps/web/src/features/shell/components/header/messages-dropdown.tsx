import { HEADER_DROPDOWN } from '@courier/contract';
import { Button, Text } from '@mantine/core';
import { IconMail, IconMessage } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel, HeaderDropdown } from './header-dropdown';
import classes from './header.module.css';

/**
 * The header's messages (spec section 4 "Header dropdowns"). Conversations arrive with the inbox (issue 14); until
 * then the panel says so honestly ("No data available.") instead of showing samples with an unread mark.
 */
export function MessagesDropdown() {
  return (
    <HeaderDropdown
      label="Messages"
      icon={<IconMail size={20} />}
      hasItems={false}
      widths={HEADER_DROPDOWN.messagePanelWidth}
    >
      {() => (
        <>
          <div className={classes.panelHeader}>
            <Text fw={700}>Messages</Text>
          </div>
          <EmptyPanel />
          <div className={classes.panelFooter}>
            <Button
              component={Link}
              to="/apps/mailbox"
              fullWidth
              variant="light"
              leftSection={<IconMessage size={16} />}
            >
              Open the inbox
            </Button>
          </div>
        </>
      )}
    </HeaderDropdown>
  );
}
