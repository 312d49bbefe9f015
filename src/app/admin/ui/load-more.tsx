import { Button } from '../../../shared/ui/button';

/** The part of a TanStack infinite query the button needs. */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** 'Load more' under a list read page by page (`{items, next_cursor}`); nothing once it is all read. */
export function LoadMore({ list, className = 'mt-3' }: { list: PagedList; className?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <Button variant="secondary" size="sm" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
