"""arena"""
