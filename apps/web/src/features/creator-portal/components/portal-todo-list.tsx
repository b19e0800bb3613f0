import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import { DASHBOARD_LIST_SIZE, type PortalTodoItem } from '@crewpay/core';

/** 'To-do': what the creator or customer should do, five before 'See all'; each item leads to where it is done. */
export function PortalTodoList({ todos }: { todos: PortalTodoItem[] }) {
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
              <li key={`${todo.todoType}-${todo.id}`}>
                {index > 0 && <Divider component="div" />}
                <ListItemButton component={RouterLink} to={todo.link} sx={{ px: 1 }}>
                  <ListItemText primary={todo.todoType} secondary={todo.title} />
                  <ChevronRightRounded color="action" />
                </ListItemButton>
              </li>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
