// Columns that hold lists as comma-separated text (images, slides) read back as arrays.
export const splitList = (value: string | null | undefined): string[] => (value ? value.split(',').filter(Boolean) : [])
