import { CheckOutlined, MinusOutlined } from '@ant-design/icons';
import { JudgeStatus } from '@verdict/shared';

/** Problem-list mark (spec 01): check for Accepted, minus for any other status, nothing when not submitted. */
export function StatusMark({ status }: { status: number | undefined }) {
  if (status === undefined || status === JudgeStatus.NOT_SUBMITTED) return null;
  if (status === JudgeStatus.ACCEPTED) return <CheckOutlined style={{ color: '#19a05c' }} data-testid="mark-ac" />;
  return <MinusOutlined style={{ color: '#e5484d' }} data-testid="mark-tried" />;
}
