import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@chakra-ui/react';
import { EmptyState } from '../ui/states';

/** An empty list that says where its rows come from, with a button to that page. */
export function EmptyWithLink({
  title,
  description,
  to,
  label,
  titleAs,
}: {
  titleAs?: 'h2' | 'h3';
  title: string;
  description: string;
  to: string;
  label: string;
}) {
  return (
    <EmptyState
      titleAs={titleAs}
      title={title}
      description={description}
      action={
        <Button asChild colorPalette="teal" size="sm">
          <RouterLink to={to}>{label}</RouterLink>
        </Button>
      }
    />
  );
}
