import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { TodoItem } from '@crewpay/core';
import { useSendReminders } from '../../../components/payments/payments-api.ts';

/**
 * 'Send reminder' split button of a to-do item: Email sends the payee link again
 * (POST /v1/payments/reminders). SMS needs the recipient's phone and an SMS rail, which the
 * platform does not have yet, so it stays disabled.
 */
export function ReminderButton({ todo }: { todo: TodoItem }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [isOpen, setOpen] = useState(false);
  const remind = useSendReminders();

  const sendEmail = () => {
    setOpen(false);
    remind.mutate([todo.id]);
  };

  return (
    <>
      <ButtonGroup variant="outlined" size="small" ref={anchor} aria-label={`Send reminder to ${todo.title}`}>
        <Button onClick={() => setOpen(true)} disabled={remind.isPending}>
          Send reminder
        </Button>
        <Button aria-label="Choose how to send the reminder" onClick={() => setOpen(true)} disabled={remind.isPending}>
          <ArrowDropDownIcon fontSize="small" />
        </Button>
      </ButtonGroup>
      <Menu anchorEl={anchor.current} open={isOpen} onClose={() => setOpen(false)}>
        <MenuItem disabled>{todo.has_phone ? 'SMS' : 'SMS (no phone number)'}</MenuItem>
        <MenuItem onClick={sendEmail}>Email</MenuItem>
      </Menu>
    </>
  );
}
