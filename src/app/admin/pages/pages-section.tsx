import { Route, Routes } from 'react-router';
import { AdminNotFound } from '../admin-not-found';
import { PageEditor } from './page-editor';
import { PagesScreen } from './pages-screen';
import { TrashScreen } from './trash-screen';

/** /admin/pages (the list), /admin/pages/trash, and /admin/pages/:id (the editor; 'new' creates). */
export function PagesSection() {
  return (
    <Routes>
      <Route index element={<PagesScreen />} />
      <Route path="trash" element={<TrashScreen />} />
      <Route path=":id" element={<PageEditor />} />
      <Route path="*" element={<AdminNotFound />} />
    </Routes>
  );
}
