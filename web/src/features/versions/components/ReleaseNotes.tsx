import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** Release notes are plain text with one change per line. */
export function ReleaseNotes(props: { content: string }): ReactNode {
  const lines = props.content.split('\n').filter((line) => line.trim() !== '');
  return (
    <Typography>
      {lines.map((line, index) => (
        <Typography.Paragraph key={index} style={{ marginBottom: 4 }}>
          {line}
        </Typography.Paragraph>
      ))}
    </Typography>
  );
}
