import {
  Blocks,
  DatabaseBackup,
  FileText,
  Gauge,
  HeartPulse,
  Image,
  Menu,
  Search,
  Signpost,
  UserRound,
  Users,
} from 'lucide-react';
import type { ComponentType } from 'react';
import { adminSections, type AdminSectionPath } from './admin-paths';
import { BlocksScreen } from './blocks/blocks-screen';
import { SiteHealthScreen } from './health/site-health-screen';
import { MediaScreen } from './media/media-screen';
import { NavigationScreen } from './navigation/navigation-screen';
import { PagesSection } from './pages/pages-section';
import { RedirectsScreen } from './redirects/redirects-screen';
import { BackupsScreen } from './settings/backups-screen';
import { PerformanceScreen } from './settings/performance-screen';
import { SeoScreen } from './settings/seo-screen';
import { AccountScreen } from './account/account-screen';
import { TeamSection } from './team/team-section';

export interface AdminTab {
  path: AdminSectionPath;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  Screen: ComponentType;
  /** False for a screen reached another way (Account: from the header). */
  inTabBar?: false;
}

/** The admin's sections, in the spec's order. */
export const adminTabs: AdminTab[] = [
  { path: 'pages', label: 'Pages', icon: FileText, Screen: PagesSection },
  { path: 'blocks', label: 'Content Blocks', icon: Blocks, Screen: BlocksScreen },
  { path: 'navigation', label: 'Navigation', icon: Menu, Screen: NavigationScreen },
  { path: 'redirects', label: 'Redirects', icon: Signpost, Screen: RedirectsScreen },
  { path: 'media', label: 'Media Library', icon: Image, Screen: MediaScreen },
  { path: 'health', label: 'Site health', icon: HeartPulse, Screen: SiteHealthScreen },
  { path: 'seo', label: 'SEO Settings', icon: Search, Screen: SeoScreen },
  { path: 'performance', label: 'Performance', icon: Gauge, Screen: PerformanceScreen },
  { path: 'backups', label: 'Backups', icon: DatabaseBackup, Screen: BackupsScreen },
  { path: 'team', label: 'Team', icon: Users, Screen: TeamSection },
  { path: 'account', label: 'Account', icon: UserRound, Screen: AccountScreen, inTabBar: false },
];

/** The tabs this role sees. */
export function tabsFor(role: string | undefined): AdminTab[] {
  // Admins-only sections are refused by the API to editors too.
  return adminTabs.filter((tab) => !adminSections[tab.path].adminOnly || role === 'admin');
}
