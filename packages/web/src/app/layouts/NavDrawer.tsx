import { Drawer, Menu, type MenuProps } from 'antd';

/** The navigation drawer of narrow screens; its own chunk, loaded when it is first opened. */
export default function NavDrawer({ open, onClose, title, selected, items }: { open: boolean; onClose: () => void; title: string; selected: string | null; items: MenuProps['items'] }) {
  return (
    <Drawer open={open} onClose={onClose} placement="left" width={260} title={title} styles={{ body: { padding: 0 } }}>
      <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={items} onClick={onClose} />
    </Drawer>
  );
}
