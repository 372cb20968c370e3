import { CAR_PACKAGE_MESSAGES } from '@shared/messages';

export { formatDate, formatDateTime } from '@/lib/format';

/** A package's title: its name, or "Unnamed Car". */
export const packageTitle = (name: string | null | undefined) => name?.trim() || CAR_PACKAGE_MESSAGES.unnamed;
