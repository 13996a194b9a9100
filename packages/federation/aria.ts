/**
 * The react-aria-components that BuildBid's frontends share (decision 0184): the one module every build
 * provides and consumes under the share key 'react-aria-components', instead of the whole library.
 * Rspack keeps only these exports (and what they need), so a page downloads these components once, not
 * all of them.
 *
 * Adding a component: add it here and raise the minor of ARIA_SHARE_VERSION (index.ts). A remote built
 * with the longer list then needs that version, so next to an older shell it loads its own copy instead
 * of reading a component the shell's copy lacks. Removing one is a major. tests/unit/aria-shared.test.ts
 * fails when a frontend imports a component that is not listed.
 *
 * The deep path ('react-aria-components/index') is the package itself under another request, so it is
 * not caught by the share key again.
 */
export {
  Button,
  Cell,
  Checkbox,
  CheckboxGroup,
  Column,
  ComboBox,
  Dialog,
  DialogTrigger,
  FieldError,
  FileTrigger,
  Form,
  Header,
  Heading,
  Input,
  Label,
  Link,
  ListBox,
  ListBoxItem,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Modal,
  ModalOverlay,
  NumberField,
  Popover,
  ProgressBar,
  Radio,
  RadioGroup,
  RouterProvider,
  Row,
  SearchField,
  Select,
  SelectValue,
  Separator,
  Switch,
  Tab,
  TabList,
  Table,
  TableBody,
  TableHeader,
  TabPanel,
  Tabs,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components/index';
