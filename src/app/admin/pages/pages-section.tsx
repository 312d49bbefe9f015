import { Route, Routes } from 'react-router';
import { PageEditor } from './page-editor';
import { PagesScreen } from './pages-screen';

/** /admin/pages (the list) and /admin/pages/:id (the editor; 'new' creates). */
export function PagesSection() {
  return (
    <Routes>
      <Route index element={<PagesScreen />} />
      <Route path=":id" element={<PageEditor />} />
    </Routes>
  );
}
