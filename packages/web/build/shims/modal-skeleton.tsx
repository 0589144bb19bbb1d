import { lazy, Suspense, type ComponentProps } from 'react';

// antd's Modal shows a Skeleton only while a modal has `loading` set, yet imported it for every
// page (the app's confirm dialogs make Modal part of the frame). Loaded when first shown instead.
// Used only for antd/es/modal/Modal.js's import of '../skeleton' (see vite.config.ts).
const Real = lazy(() => import('antd/es/skeleton'));

export default function Skeleton(props: ComponentProps<typeof Real>) {
  return (
    <Suspense fallback={null}>
      <Real {...props} />
    </Suspense>
  );
}
