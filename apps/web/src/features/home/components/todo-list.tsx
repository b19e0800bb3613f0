import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { DASHBOARD_LIST_SIZE, formatCents, type DashboardAnswer, type TodoItem, type TodoType } from '@crewpay/core';
import { useKeysetPaging } from '../../../lib/use-keyset-paging.ts';
import { useTodoPage } from '../api/get-dashboard.ts';
import { ReminderButton } from './reminder-button.tsx';

const SEE_ALL_PAGE_SIZE = 20;

/** Where each to-do is acted on: its contract, invoice or payment. */
const TODO_PATHS: Record<TodoType, string> = {
  'Unsigned Contract': '/contracts',
  'Unpaid Invoice': '/invoices',
  'Payment needs payout method': '/payments',
};

function TodoTitle({ todo }: { todo: TodoItem }) {
  return (
    <Link component={RouterLink} to={`${TODO_PATHS[todo.todoType]}/${todo.id}`} underline="hover">
      {todo.title || todo.todoType}
    </Link>
  );
}

/** The item's kind, and its amount when it has one (a contract has none). */
const todoDetail = (todo: TodoItem) => (todo.amount === null ? todo.todoType : `${todo.todoType} · ${formatCents(todo.amount)}`);

function TodoRows({ todos }: { todos: TodoItem[] }) {
  return (
    <List disablePadding>
      {todos.map((todo, index) => (
        <li key={todo.id}>
          {index > 0 && <Divider component="div" />}
          <ListItem component="div" disableGutters secondaryAction={<ReminderButton todo={todo} />} sx={{ pr: { xs: 14, sm: 22 } }}>
            <ListItemText primary={<TodoTitle todo={todo} />} secondary={todoDetail(todo)} />
          </ListItem>
        </li>
      ))}
    </List>
  );
}

/** See all: one kind at a time (with its count), paged by cursor, never every to-do at once. */
function AllTodos({ counts }: { counts: DashboardAnswer['todo_counts'] }) {
  const [todoType, setTodoType] = useState<TodoType>(counts.find((kind) => kind.count > 0)?.todoType ?? 'Unsigned Contract');
  const paging = useKeysetPaging(todoType);
  const { page, cursor, record } = paging;
  const { data } = useTodoPage(todoType, { pageSize: SEE_ALL_PAGE_SIZE, startingAfter: cursor, isEnabled: true });
  useEffect(() => record(page, data), [record, page, data]);
  const total = counts.find((kind) => kind.todoType === todoType)?.count ?? 0;
  const shownFrom = page * SEE_ALL_PAGE_SIZE;
  return (
    <Stack spacing={1}>
      <Tabs value={todoType} onChange={(_event, value: TodoType) => setTodoType(value)} variant="scrollable" aria-label="Kinds of to-do">
        {counts.map((kind) => (
          <Tab key={kind.todoType} value={kind.todoType} label={`${kind.todoType} (${kind.count.toLocaleString('en-US')})`} />
        ))}
      </Tabs>
      <TodoRows todos={data?.todos ?? []} />
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'flex-end' }}>
        <Typography variant="body2" color="text.secondary">
          {total === 0
            ? 'None'
            : `${(shownFrom + 1).toLocaleString('en-US')}–${(shownFrom + (data?.todos.length ?? 0)).toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`}
        </Typography>
        <Button size="small" disabled={page === 0} onClick={() => paging.onPageChange(page - 1)}>
          Previous
        </Button>
        <Button size="small" disabled={!data?.has_more} onClick={() => paging.onPageChange(page + 1)}>
          Next
        </Button>
      </Stack>
    </Stack>
  );
}

/** 'To-do': the first five outstanding items and how many there are; See all pages through each kind. */
export function TodoList({ todos, counts }: { todos: TodoItem[]; counts: DashboardAnswer['todo_counts'] }) {
  const [isExpanded, setExpanded] = useState(false);
  const total = counts.reduce((sum, kind) => sum + kind.count, 0);
  return (
    <Card variant="outlined" component="section" aria-label="To-do">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            To-do{total > 0 ? ` (${total.toLocaleString('en-US')})` : ''}
          </Typography>
          {total > DASHBOARD_LIST_SIZE && <Button onClick={() => setExpanded(!isExpanded)}>{isExpanded ? 'See less' : 'See all'}</Button>}
        </Stack>
        {total === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No outstanding tasks
          </Typography>
        ) : isExpanded ? (
          <AllTodos counts={counts} />
        ) : (
          <TodoRows todos={todos} />
        )}
      </CardContent>
    </Card>
  );
}
