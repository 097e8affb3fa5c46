/** NOTIFICATION_PAGE_SIZE is the bell's page size (the spec's list page size). */
export const NOTIFICATION_PAGE_SIZE = 10

/** notificationsPath is a page of the bell (under /api), kept apart from the store so app/boot.ts can ask for it early. */
export const notificationsPath = (page: number) => `/notifications?page=${page}&pageSize=${NOTIFICATION_PAGE_SIZE}`
