import { Blocks, FileText } from 'lucide-react';
import type { ComponentType } from 'react';
import { BlocksScreen } from './blocks/blocks-screen';
import { PagesSection } from './pages/pages-section';

export interface AdminTab {
  path: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  Screen: ComponentType;
}

/** The admin's sections, in the spec's order. */
export const adminTabs: AdminTab[] = [
  { path: 'pages', label: 'Pages', icon: FileText, Screen: PagesSection },
  { path: 'blocks', label: 'Content Blocks', icon: Blocks, Screen: BlocksScreen },
];
