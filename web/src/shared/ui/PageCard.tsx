import { Card } from 'antd';
import type { ReactNode } from 'react';

/** The frame every signed-in page sits in. */
export function PageCard(props: {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}): ReactNode {
  return (
    <Card title={props.title} extra={props.extra} className="page-card">
      {props.children}
    </Card>
  );
}
