/**
 * react-aria-components is shared as a singleton, but the whole library is ~270 KB gzip. Every
 * build (shell and remotes) therefore tree-shakes its shared copy to this one list, so whichever
 * copy the federation runtime picks provides every export any app uses. A component not listed
 * here must be added (then rebuild the shell and the remotes); apps/shell/src/shared-exports.test.ts
 * fails when a source file imports an export missing from the list.
 *
 * Kept to what the apps use plus the few the coming pages need (dialogs, tabs, switches, number and
 * search fields). Heavy components (Calendar, DatePicker, Table, ComboBox, GridList, TagGroup,
 * Tooltip, ...) are left out on purpose: each one added costs every visitor's first load.
 */
export const RAC_SHARED_EXPORTS = [
  'Button',
  'Checkbox',
  'CheckboxGroup',
  'Dialog',
  'DialogTrigger',
  'FieldError',
  'FileTrigger',
  'Form',
  'Header',
  'Heading',
  'Input',
  'Label',
  'Link',
  'ListBox',
  'ListBoxItem',
  'Menu',
  'MenuItem',
  'MenuSection',
  'MenuTrigger',
  'Meter',
  'Modal',
  'ModalOverlay',
  'NumberField',
  'Popover',
  'ProgressBar',
  'Radio',
  'RadioGroup',
  'RouterProvider',
  'SearchField',
  'Select',
  'SelectValue',
  'Separator',
  'Switch',
  'Tab',
  'TabList',
  'TabPanel',
  'Tabs',
  'Text',
  'TextArea',
  'TextField',
] as const;
