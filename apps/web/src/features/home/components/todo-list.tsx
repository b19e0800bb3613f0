import { useState } from 'react';
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
import Typography from '@mui/material/Typography';
import { DASHBOARD_LIST_SIZE, formatCents, type TodoItem } from '@crewpay/core';
import { ReminderButton } from './reminder-button.tsx';

/** What the item links to: an unsigned contract opens its page; the others have no page of their own here. */
function TodoTitle({ todo }: { todo: TodoItem }) {
  if (todo.todoType !== 'Unsigned Contract') return todo.title;
  return (
    <Link component={RouterLink} to={`/contracts/${todo.id}`} underline="hover">
      {todo.title}
    </Link>
  );
}

/** The item's kind, and its amount when it has one (a contract has none). */
const todoDetail = (todo: TodoItem) => (todo.amount === null ? todo.todoType : `${todo.todoType} · ${formatCents(todo.amount)}`);

/** 'To-do': outstanding items, five before 'See all'. */
export function TodoList({ todos }: { todos: TodoItem[] }) {
  const [isExpanded, setExpanded] = useState(false);
  const shown = isExpanded ? todos : todos.slice(0, DASHBOARD_LIST_SIZE);

  return (
    <Card variant="outlined" component="section" aria-label="To-do">
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h3" sx={{ fontWeight: 700 }}>
            To-do
          </Typography>
          {todos.length > DASHBOARD_LIST_SIZE && (
            <Button onClick={() => setExpanded(!isExpanded)}>{isExpanded ? 'See less' : 'See all'}</Button>
          )}
        </Stack>
        {todos.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 2 }}>
            No outstanding tasks
          </Typography>
        ) : (
          <List disablePadding>
            {shown.map((todo, index) => (
              <li key={todo.id}>
                {index > 0 && <Divider component="div" />}
                <ListItem component="div" disableGutters secondaryAction={<ReminderButton todo={todo} />} sx={{ pr: 22 }}>
                  <ListItemText primary={<TodoTitle todo={todo} />} secondary={todoDetail(todo)} />
                </ListItem>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
