import { Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import { Form, type FormItemProps } from 'antd';

/**
 * antd's Form.Item ties its label to the control only through a `name` (the field id); the admin
 * forms keep their values in React state, without names, so their labels named nothing and screen
 * readers announced bare inputs, selects and switches (axe "label", "button-name"). FormField is a
 * Form.Item that, when its content is one control, gives the control an id and the label `for` it.
 * Content of several elements keeps Form.Item's behaviour (name those controls with aria-label).
 */
export function FormField({ children, htmlFor, ...props }: Omit<FormItemProps, 'name' | 'children'> & { children?: ReactNode }) {
  const auto = useId();
  const only = Children.count(children) === 1 && isValidElement(children) && typeof children.type !== 'string' ? (children as ReactElement<{ id?: string }>) : null;
  const id = htmlFor ?? only?.props.id ?? (only ? `field-${auto.replace(/:/g, '')}` : undefined);
  return (
    <Form.Item {...props} htmlFor={id}>
      {only && !only.props.id ? cloneElement(only, { id }) : children}
    </Form.Item>
  );
}
