import { Blocks, DatabaseBackup, FileText, Gauge, Image, Menu, Search } from 'lucide-react';
import type { ComponentType } from 'react';
import { BlocksScreen } from './blocks/blocks-screen';
import { MediaScreen } from './media/media-screen';
import { NavigationScreen } from './navigation/navigation-screen';
import { PagesSection } from './pages/pages-section';
import { BackupsScreen } from './settings/backups-screen';
import { PerformanceScreen } from './settings/performance-screen';
import { SeoScreen } from './settings/seo-screen';

export interface AdminTab {
  path: string;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  Screen: ComponentType;
  /** Shown to admins only (the API refuses editors too). */
  adminOnly?: boolean;
}

/** The admin's sections, in the spec's order. */
export const adminTabs: AdminTab[] = [
  { path: 'pages', label: 'Pages', icon: FileText, Screen: PagesSection },
  { path: 'blocks', label: 'Content Blocks', icon: Blocks, Screen: BlocksScreen },
  { path: 'navigation', label: 'Navigation', icon: Menu, Screen: NavigationScreen },
  { path: 'media', label: 'Media Library', icon: Image, Screen: MediaScreen },
  { path: 'seo', label: 'SEO Settings', icon: Search, Screen: SeoScreen },
  { path: 'performance', label: 'Performance', icon: Gauge, Screen: PerformanceScreen },
  { path: 'backups', label: 'Backups', icon: DatabaseBackup, Screen: BackupsScreen, adminOnly: true },
];

/** The tabs this role sees. */
export function tabsFor(role: string | undefined): AdminTab[] {
  return adminTabs.filter((tab) => !tab.adminOnly || role === 'admin');
}
