import { useRef, useState } from 'react';
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import type { TodoItem } from '@crewpay/core';
import { useSendReminders } from '../../../entities/payments/index.ts';
import { useContractReminders } from '../../../entities/contracts/index.ts';
import { useInvoiceReminders } from '../../../entities/invoices/index.ts';

/**
 * 'Send reminder' split button of a to-do item: SMS (only when the recipient has a phone
 * number) or Email. A payment's sends the payee link again (POST /v1/payments/reminders), an
 * unpaid invoice's a new pay link (POST /v1/invoices/reminders), an unsigned contract's a new
 * signing link (POST /v1/contracts/reminders).
 */
export function ReminderButton({ todo }: { todo: TodoItem }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [isOpen, setOpen] = useState(false);
  const remindPayment = useSendReminders();
  const remindInvoice = useInvoiceReminders();
  const remindContract = useContractReminders();
  const isInvoice = todo.todoType === 'Unpaid Invoice';
  const isContract = todo.todoType === 'Unsigned Contract';
  const remind = isInvoice ? remindInvoice : isContract ? remindContract : remindPayment;

  const send = (channel: 'sms' | 'email') => {
    setOpen(false);
    if (isInvoice) remindInvoice.mutate({ ids: [todo.id], channel });
    else if (isContract) remindContract.mutate({ ids: [todo.id], channel });
    else remindPayment.mutate({ ids: [todo.id], channel });
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
        <MenuItem disabled={!todo.has_phone} onClick={() => send('sms')}>
          {todo.has_phone ? 'SMS' : 'SMS (no phone number)'}
        </MenuItem>
        <MenuItem onClick={() => send('email')}>Email</MenuItem>
      </Menu>
    </>
  );
}
