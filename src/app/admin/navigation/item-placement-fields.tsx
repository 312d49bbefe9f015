import type { MenuType, NavigationNode } from '../../../features/navigation/navigation.dto';
import { inputClass } from '../../../shared/ui/field';
import { maxMenuDepth } from './navigation-tree';
import { parentChoices, positionChoices, siblingsUnder, type Position } from './navigation-placement';

const labelClass = 'mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200';
const hintClass = 'mt-1 text-xs text-stone-500 dark:text-stone-400';
/** Options cannot be padded: non-breaking spaces indent each level of the tree. */
const indent = (depth: number) => '\u00a0\u00a0\u00a0\u00a0'.repeat(depth);

/**
 * Where a new navigation item goes: under which item (or at the top level), shown as the menu's
 * tree, and at which place among that item's children.
 */
export function ItemPlacementFields({
  menu,
  tree,
  parentId,
  position,
  onParentChange,
  onPositionChange,
  error,
}: {
  menu: MenuType;
  tree: NavigationNode[];
  /** '' for the top level. */
  parentId: string;
  position: Position;
  onParentChange: (parentId: string) => void;
  onPositionChange: (position: Position) => void;
  error?: string | undefined;
}) {
  const parents = parentChoices(tree);
  const parent = parents.find((choice) => choice.id === parentId);
  const siblings = siblingsUnder(tree, parent ? parent.id : null);
  const positions = positionChoices(siblings);
  const where = parent ? `under ${parent.title}` : `at the top level of the ${menu} menu`;
  const describedBy = error ? 'nav-item-parent-hint nav-item-parent-error' : 'nav-item-parent-hint';
  return (
    <>
      <div className="min-w-0">
        <label htmlFor="nav-item-parent" className={labelClass}>
          Parent
        </label>
        <select
          id="nav-item-parent"
          value={parent ? parent.id : ''}
          onChange={(event) => onParentChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        >
          <option value="">Top level</option>
          {parents.map((choice) => (
            <option key={choice.id} value={choice.id} aria-label={`${choice.title}, level ${choice.depth + 1}`}>
              {indent(choice.depth + 1)}
              {choice.title}
            </option>
          ))}
        </select>
        <p id="nav-item-parent-hint" className={hintClass}>
          Menus have at most {maxMenuDepth} levels: items on the last level cannot be parents.
        </p>
        {error ? (
          <p id="nav-item-parent-error" className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
            {error}
          </p>
        ) : null}
      </div>
      <div className="min-w-0">
        {positions.length > 0 ? (
          <>
            <label htmlFor="nav-item-position" className={labelClass}>
              Position
            </label>
            <select
              id="nav-item-position"
              value={positions.some((choice) => choice.value === position) ? position : 'last'}
              onChange={(event) => onPositionChange(event.target.value as Position)}
              className={inputClass}
            >
              {positions.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </>
        ) : (
          <>
            <p className={labelClass}>Position</p>
            <p className="text-sm text-stone-700 dark:text-stone-300">The only item {where}.</p>
          </>
        )}
      </div>
    </>
  );
}
